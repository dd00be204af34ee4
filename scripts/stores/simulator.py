"""A Simulator's App Group folders, as CoreSimulator lays them out:
`…/data/Containers/Shared/AppGroup/<UUID>/`, each with a `.com.apple.mobile_container_manager.metadata.plist`
whose `MCMMetadataIdentifier` names its group, and the folders iOS makes in every container
(`Library/`, `Library/Caches/`, `Library/Preferences/`)."""
import hashlib
import pathlib
import plistlib
import shutil
import uuid

METADATA = ".com.apple.mobile_container_manager.metadata.plist"


def container_uuid(group):
    """The same UUID for the same group, upper case as CoreSimulator names its folders."""
    return str(uuid.UUID(bytes=hashlib.sha256(group.encode()).digest()[:16], version=4)).upper()


def write_container(app_group, group, source=None):
    """`app_group/<UUID>/` for `group`: its metadata plist, iOS's folders, and a copy of `source`
    (a container folder) when given. Returns the folder."""
    identifier = container_uuid(group)
    folder = pathlib.Path(app_group) / identifier
    if source is not None:
        shutil.copytree(source, folder, dirs_exist_ok=True)
    for sub in ("Library/Caches", "Library/Preferences"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    (folder / METADATA).write_bytes(plistlib.dumps({
        "MCMMetadataActiveDPClass": 0,
        "MCMMetadataContentClass": 7,
        "MCMMetadataIdentifier": group,
        "MCMMetadataInfo": {},
        "MCMMetadataSchemaVersion": 1,
        "MCMMetadataUUID": identifier,
        "MCMMetadataVersion": 6,
    }, fmt=plistlib.FMT_BINARY, sort_keys=True))
    return folder


def write_app_group(app_group, containers):
    """Every container of `containers` (a list of folders named by their group) under `app_group`,
    each in a folder of its UUID. Returns `app_group`."""
    app_group = pathlib.Path(app_group)
    app_group.mkdir(parents=True, exist_ok=True)
    for source in containers:
        write_container(app_group, pathlib.Path(source).name, source)
    return app_group
